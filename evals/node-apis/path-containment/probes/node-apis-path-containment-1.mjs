import path from 'node:path';

const ID = 'node-apis-path-containment-1';
// Each option of the question, as the JSON string it claims is printed.
const claims = {
  A: '["/etc/passwd","/etc/passwd"]',
  B: '["/srv/app/etc/passwd","/etc/passwd"]',
  C: '["/srv/app/etc/passwd","/srv/app/etc/passwd"]',
  D: '["/etc/passwd","/srv/app/etc/passwd"]',
};

const p = path.posix;
let observed;
try {
  observed = JSON.stringify([p.join('/srv/app', '/etc/passwd'), p.resolve('/srv/app', '/etc/passwd')]);
} catch (e) {
  observed = `throws ${e.constructor.name}`;
}
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) {
  console.error('no unique option matches', observed);
  process.exit(1);
}
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
