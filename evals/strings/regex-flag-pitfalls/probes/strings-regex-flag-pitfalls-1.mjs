// Probe: a /g regex reused with test() carries lastIndex between calls.
const id = 'strings-regex-flag-pitfalls-1';
const claims = {
  A: '[true,true,true]',
  B: '[true,false,false]',
  C: '[true,false,true]',
  D: '[false,true,false]',
};
const re = /a/g;
const observed = JSON.stringify([re.test('a'), re.test('a'), re.test('a')]);
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
