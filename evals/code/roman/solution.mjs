const NUMERALS = [
  [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
  [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
];

export function toRoman(n) {
  let out = '';
  for (const [value, text] of NUMERALS) {
    while (n >= value) {
      out += text;
      n -= value;
    }
  }
  return out;
}

export function fromRoman(s) {
  let n = 0;
  let rest = s;
  for (const [value, text] of NUMERALS) {
    while (rest.startsWith(text)) {
      n += value;
      rest = rest.slice(text.length);
    }
  }
  return n;
}
