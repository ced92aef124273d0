// The style the code is already written in, so the one formatting commit moves as little as it can:
// single quotes, semicolons, trailing commas wherever a literal or call spans lines.
// 160 columns because the code is written wide (a call, a literal or a short function on one line):
// at 140 Prettier would rewrap about a fifth more files, breaking lines that read well as they are.
/** @type {import('prettier').Config} */
export default {
  printWidth: 160,
  singleQuote: true,
  semi: true,
  trailingComma: 'all',
};
