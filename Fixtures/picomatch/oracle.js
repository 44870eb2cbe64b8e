// Answers glob questions with picomatch, as dorny/paths-filter asks them ({ dot: true }).
// Input, one per line: "P <base64 of a pattern's UTF-8>" starts a pattern; "<base64 of a
// path's bytes>" asks about a path (decoded as UTF-8, as Node decodes git's output).
// Output: one character per path, "1" (matches), "0" (does not) or "E" (picomatch refuses
// the pattern), then a newline.
'use strict';
const picomatch = require('picomatch');
const lines = require('fs').readFileSync(0, 'latin1').split('\n');
let isMatch = null;
const answers = [];
for (const line of lines) {
  if (line === '') continue;
  if (line.startsWith('P ')) {
    const pattern = Buffer.from(line.slice(2), 'base64').toString('utf8');
    try { isMatch = picomatch(pattern, { dot: true }); } catch (error) { isMatch = null; }
    continue;
  }
  const path = Buffer.from(line, 'base64').toString('utf8');
  answers.push(isMatch === null ? 'E' : (isMatch(path) ? '1' : '0'));
}
process.stdout.write(answers.join('') + '\n');
