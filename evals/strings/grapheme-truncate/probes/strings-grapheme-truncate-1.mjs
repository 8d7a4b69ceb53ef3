// Probe: UTF-16 length of a skin-tone modified emoji.
const id = 'strings-grapheme-truncate-1';
const claims = { A: '1', B: '2', C: '3', D: '4' };
const s = '\u{1F44D}\u{1F3FD}'; // 👍🏽 = THUMBS UP SIGN + EMOJI MODIFIER FITZPATRICK TYPE-4
const observed = String(s.length);
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
