// Probe: spreading a ZWJ family emoji yields code points, not one grapheme.
const id = 'strings-grapheme-truncate-2';
const claims = { A: '1', B: '3', C: '5', D: '8' };
const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'; // 👨‍👩‍👧
const observed = String([...family].length);
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
