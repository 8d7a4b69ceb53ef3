import assert from 'node:assert/strict';
import test from 'node:test';
import { chunk, zip } from './solution.mjs';

test("chunk splits evenly", () => assert.deepEqual(chunk([1, 2, 3, 4], 2), [[1, 2], [3, 4]]));
test("chunk keeps a shorter last chunk", () => assert.deepEqual(chunk([1, 2, 3], 2), [[1, 2], [3]]));
test("chunk of nothing is nothing", () => assert.deepEqual(chunk([], 3), []));
test("zip stops at the shorter array", () => assert.deepEqual(zip([1, 2, 3], ['a', 'b']), [[1, 'a'], [2, 'b']]));
