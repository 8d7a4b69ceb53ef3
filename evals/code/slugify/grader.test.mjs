import assert from 'node:assert/strict';
import test from 'node:test';
import { slugify, titleCase } from './solution.mjs';

test("slugify lowers and joins words", () => assert.equal(slugify('Hello World'), 'hello-world'));
test("slugify collapses punctuation", () => assert.equal(slugify('Node.js & SQLite!'), 'node-js-sqlite'));
test("slugify trims dashes", () => assert.equal(slugify('  -edge-  '), 'edge'));
test("titleCase capitalises each word", () => assert.equal(titleCase('the event loop'), 'The Event Loop'));
