import assert from 'node:assert/strict';
import test from 'node:test';
import { formatDuration, parseDuration } from './solution.mjs';

test("formatDuration of every part", () => assert.equal(formatDuration(3723), '1h 2m 3s'));
test("formatDuration leaves out zero parts", () => assert.equal(formatDuration(3600), '1h'));
test("formatDuration of nothing", () => assert.equal(formatDuration(0), '0s'));
test("parseDuration of hours and minutes", () => assert.equal(parseDuration('1h 30m'), 5400));
