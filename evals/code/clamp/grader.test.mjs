import assert from 'node:assert/strict';
import test from 'node:test';
import { clamp, lerp } from './solution.mjs';

test("clamp keeps a value inside the range", () => assert.equal(clamp(5, 0, 10), 5));
test("clamp raises a value below the range", () => assert.equal(clamp(-3, 0, 10), 0));
test("clamp lowers a value above the range", () => assert.equal(clamp(12, 0, 10), 10));
test("lerp at the midpoint", () => assert.equal(lerp(0, 10, 0.5), 5));
