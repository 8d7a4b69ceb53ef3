// Probe: `.` matches a whole astral code point only with the u flag.
const id = 'strings-regex-flag-pitfalls-2';
const claims = { A: '[true,true]', B: '[false,true]', C: '[true,false]', D: '[false,false]' };
const emoji = '\u{1F600}'; // 😀
const observed = JSON.stringify([/^.$/.test(emoji), /^.$/u.test(emoji)]);
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
