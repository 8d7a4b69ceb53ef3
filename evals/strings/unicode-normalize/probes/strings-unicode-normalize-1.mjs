// Probe: precomposed vs decomposed é compare unequal and differ in length.
const id = 'strings-unicode-normalize-1';
const claims = { A: '[true,1,1]', B: '[false,1,2]', C: '[true,1,2]', D: '[false,1,1]' };
const a = '\u00e9';
const b = 'e\u0301';
const observed = JSON.stringify([a === b, a.length, b.length]);
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
