const ID = 'node-apis-url-resolution-2';
// Each option of the question, as the outcome it claims.
const claims = {
  A: 'https://api.example.com/v1/users',
  B: 'https://api.example.com/v1users',
  C: 'https://api.example.com/users',
  D: 'throws TypeError',
};

let observed;
try {
  observed = new URL('users', 'https://api.example.com/v1').href;
} catch (e) {
  observed = `throws ${e.constructor.name}`;
}
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) {
  console.error('no unique option matches', observed);
  process.exit(1);
}
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
