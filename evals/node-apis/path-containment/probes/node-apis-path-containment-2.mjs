import path from 'node:path';

const ID = 'node-apis-path-containment-2';
// Each option of the question, as the line it claims is printed.
const claims = {
  A: '/srv/app/../app-secrets/key true',
  B: '/srv/app-secrets/key false',
  C: '/srv/app/app-secrets/key true',
  D: '/srv/app-secrets/key true',
};

let observed;
try {
  const p = path.posix;
  const root = '/srv/app';
  const resolved = p.resolve(root, '../app-secrets/key');
  observed = `${resolved} ${resolved.startsWith(root)}`;
} catch (e) {
  observed = `throws ${e.constructor.name}`;
}
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) {
  console.error('no unique option matches', observed);
  process.exit(1);
}
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
