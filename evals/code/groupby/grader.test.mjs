import assert from 'node:assert/strict';
import test from 'node:test';
import { countBy, uniqueBy } from './solution.mjs';

test("uniqueBy keeps the first of each key", () => assert.deepEqual(uniqueBy([{ id: 1, v: 'a' }, { id: 1, v: 'b' }, { id: 2, v: 'c' }], (x) => x.id), [{ id: 1, v: 'a' }, { id: 2, v: 'c' }]));
test("uniqueBy of nothing", () => assert.deepEqual(uniqueBy([], (x) => x), []));
test("countBy counts per key", () => assert.deepEqual(countBy(['a', 'bb', 'cc', 'd'], (s) => s.length), { 1: 2, 2: 2 }));
