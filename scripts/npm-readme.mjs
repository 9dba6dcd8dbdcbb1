// The npm README: the user guide of the repository's README (between its
// `<!-- user-guide:start -->` and `<!-- user-guide:end -->` markers), less what is for
// the repository's developers: HTML comments, and the `test` column of a table, which
// names the tests in this repository (not in the package).

/** The cells of a table row `| a | b \| c |`, split on unescaped `|`. */
function cells(line) {
  const out = [];
  let cell = '';
  for (let i = 1; i < line.length; i++) {
    const c = line[i];
    if (c === '\\' && line[i + 1] === '|') {
      cell += '\\|';
      i += 1;
    } else if (c === '|') {
      out.push(cell);
      cell = '';
    } else {
      cell += c;
    }
  }
  return out;
}

const isRow = (line) => line.startsWith('|') && line.trimEnd().endsWith('|');

/** Every table whose last header cell is `test`, without that column. */
export function dropTestColumns(markdown) {
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!isRow(lines[i]) || (i > 0 && isRow(lines[i - 1]))) continue;
    const header = cells(lines[i].trimEnd());
    if (header.at(-1)?.trim() !== 'test') continue;
    for (let j = i; j < lines.length && isRow(lines[j]); j++) {
      lines[j] = `|${cells(lines[j].trimEnd()).slice(0, -1).join('|')}|`;
    }
  }
  return lines.join('\n');
}

export function npmReadme(readme) {
  const guide = /<!-- user-guide:start -->\n([\s\S]*?)<!-- user-guide:end -->/.exec(readme)?.[1];
  if (guide === undefined) throw new Error('npm-readme: README.md has no user-guide section');
  return dropTestColumns(guide.replace(/<!--[\s\S]*?-->\n?/g, ''));
}
