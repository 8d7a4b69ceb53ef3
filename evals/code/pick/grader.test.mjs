import assert from 'node:assert/strict';
import test from 'node:test';
import { omit, pick } from './solution.mjs';

test("pick keeps the named keys", () => assert.deepEqual(pick({ a: 1, b: 2, c: 3 }, ['a', 'c']), { a: 1, c: 3 }));
test("pick skips missing keys", () => assert.deepEqual(pick({ a: 1 }, ['a', 'z']), { a: 1 }));
test("pick ignores inherited keys", () => assert.deepEqual(pick(Object.create({ a: 1 }), ['a']), {}));
test("omit drops the named keys", () => assert.deepEqual(omit({ a: 1, b: 2 }, ['a']), { b: 2 }));
