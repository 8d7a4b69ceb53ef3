import assert from 'node:assert/strict';
import test from 'node:test';
import { fromRoman, toRoman } from './solution.mjs';

test("toRoman of small numbers", () => assert.equal(toRoman(4), 'IV'));
test("toRoman of a year", () => assert.equal(toRoman(1994), 'MCMXCIV'));
test("toRoman of the largest", () => assert.equal(toRoman(3999), 'MMMCMXCIX'));
test("fromRoman reads subtractive forms", () => assert.equal(fromRoman('MCMXCIV'), 1994));
test("fromRoman of a single numeral", () => assert.equal(fromRoman('L'), 50));
