// Answers glob questions with picomatch, as dorny/paths-filter asks them ({ dot: true }).
// Input, one per line: "P <base64 of a pattern's UTF-8>" starts a pattern; "<base64 of a
// path's bytes>" asks about a path (decoded as UTF-8, as Node decodes git's output).
// Output: one character per path, "1" (matches), "0" (does not), "E" (picomatch refuses
// the pattern) or "T" (picomatch's regular expression took over 2 s: V8 backtracks
// exponentially on some nested extglobs), then a newline.
'use strict';
const vm = require('vm');
const picomatch = require('picomatch');
const lines = require('fs').readFileSync(0, 'latin1').split('\n');
const questions = [];
for (const line of lines) {
  if (line === '') continue;
  if (line.startsWith('P ')) {
    questions.push({ pattern: Buffer.from(line.slice(2), 'base64').toString('utf8'), paths: [] });
  } else {
    questions[questions.length - 1].paths.push(Buffer.from(line, 'base64').toString('utf8'));
  }
}
const context = vm.createContext({ picomatch, question: null, answers: '' });
const ask = new vm.Script(`(() => {
  answers = '';
  let isMatch = null;
  try { isMatch = picomatch(question.pattern, { dot: true }); } catch (error) { isMatch = null; }
  for (const path of question.paths) answers += isMatch === null ? 'E' : (isMatch(path) ? '1' : '0');
})()`);
let output = '';
for (const question of questions) {
  context.question = question;
  try {
    ask.runInContext(context, { timeout: 2000 });
    output += context.answers;
  } catch (error) {
    if (error.code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
    output += 'T'.repeat(question.paths.length);
  }
}
process.stdout.write(output + '\n');
