// Probe: NFC keeps the ﬁ ligature, NFKC decomposes it to "fi".
const id = 'strings-unicode-normalize-2';
const claims = { A: '[1,2]', B: '[2,2]', C: '[1,1]', D: '[2,1]' };
const lig = '\ufb01';
const observed = JSON.stringify([lig.normalize('NFC').length, lig.normalize('NFKC').length]);
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
