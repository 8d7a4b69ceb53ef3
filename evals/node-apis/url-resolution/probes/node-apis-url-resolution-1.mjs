const ID = 'node-apis-url-resolution-1';
// Each option of the question, as the string it claims is printed.
const claims = {
  A: 'q=a+b%2Bc%26d',
  B: 'q=a%20b%2Bc%26d',
  C: 'q=a+b+c%26d',
  D: 'q=a%20b+c&d',
};

let observed;
try {
  observed = new URLSearchParams({ q: 'a b+c&d' }).toString();
} catch (e) {
  observed = `throws ${e.constructor.name}`;
}
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) {
  console.error('no unique option matches', observed);
  process.exit(1);
}
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
