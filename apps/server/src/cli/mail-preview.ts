// npm run mail:preview: writes every e-mail template in every language (HTML and plain text) with example
// values to tmp/mail-preview/, with an index.html linking them all, for a person to open (and for the
// screenshots of docs/screenshots/). Renders exactly what the e-mail job sends (src/mail/templates.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGES } from '@fc/contract';
import { loadConfig } from '../config';
import { renderMail, TEMPLATE_NAMES, escapeHtml } from '../mail/templates';
import { MAIL_SAMPLES } from '../mail/samples';

const outDir = path.resolve(process.argv[2] ?? 'tmp/mail-preview');
const config = loadConfig({ ...process.env, NODE_ENV: 'development' });
const common = {
  brand: config.BRAND_NAME,
  publicUrl: config.PUBLIC_URL,
  support: { phone: config.SUPPORT_PHONE, email: config.SUPPORT_EMAIL, hours: config.SUPPORT_HOURS },
};

await fs.mkdir(outDir, { recursive: true });
const rows: string[] = [];
for (const name of TEMPLATE_NAMES) {
  const cells: string[] = [];
  for (const language of LANGUAGES) {
    const mail = renderMail(name, language, MAIL_SAMPLES[name], common);
    const base = `${name}.${language}`;
    await fs.writeFile(path.join(outDir, `${base}.html`), mail.html);
    await fs.writeFile(path.join(outDir, `${base}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`);
    cells.push(
      `<td><a href="${base}.html">${escapeHtml(mail.subject)}</a><br><small><a href="${base}.txt">${language} · text</a></small></td>`,
    );
  }
  rows.push(`<tr><th scope="row">${name}</th>${cells.join('')}</tr>`);
}
await fs.writeFile(
  path.join(outDir, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>E-mail previews</title>
<style>body{font-family:Arial,sans-serif;margin:24px}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:8px;text-align:left;vertical-align:top}</style></head>
<body><h1>E-mail previews</h1><p>Every template of the portal in each language, with example values.</p>
<table><thead><tr><th scope="col">template</th>${LANGUAGES.map((l) => `<th scope="col">${l}</th>`).join('')}</tr></thead>
<tbody>${rows.join('\n')}</tbody></table></body></html>\n`,
);
console.log(`${TEMPLATE_NAMES.length} templates × ${LANGUAGES.length} languages written to ${outDir}/ (open index.html)`);
