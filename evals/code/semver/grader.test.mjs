import assert from 'node:assert/strict';
import test from 'node:test';
import { compareVersions, maxVersion } from './solution.mjs';

test("compareVersions compares numerically", () => assert.equal(compareVersions('1.10.0', '1.9.3'), 1));
test("compareVersions of equal versions", () => assert.equal(compareVersions('2.0.1', '2.0.1'), 0));
test("compareVersions of a lower patch", () => assert.equal(compareVersions('0.1.2', '0.1.10'), -1));
test("maxVersion picks the greatest", () => assert.equal(maxVersion(['1.2.3', '1.10.0', '1.9.9']), '1.10.0'));
