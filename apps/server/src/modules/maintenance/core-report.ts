import { eq } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { languageFromCode, type Language } from '@fc/contract';
import { fileProblem, rowMessageText, type FileMessage, type RowMessage } from '@fc/contract/files';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/index';
import { safeCell } from '../../http/csv';
import { enqueueMail, wakeMailWorker } from '../../mail/outbox';
import { CORE_REPORT_HEADER } from '@fc/contract/maintenance';
import type { InboundFile } from '../inbound-files/index';

export interface CoreProblem {
  row: number;
  column: string;
  value: string;
  reason: RowMessage;
}

/**
 * The report of a core upload: one line per problem (row, column, value, reason), formula cells escaped.
 * The header stays the same for programs; the reason is written in `lang`, the uploader's (decision 0410).
 */
export function coreReport(problems: readonly CoreProblem[], lang: Language = 'en-us'): Buffer {
  return Buffer.from(
    stringify(
      problems.map((p) => [p.row, p.column, p.value, rowMessageText(lang, p.reason)].map(safeCell)),
      { header: true, columns: [...CORE_REPORT_HEADER] },
    ),
  );
}

/** The language of the uploader's session when the file was sent (params.language, 0 en-us, 1 es, 2 fr). */
export function reportLanguage(file: InboundFile): Language {
  return languageFromCode((file.params as { language?: number } | null)?.language);
}

const MAIL_PROBLEM_LINES = 50;

/**
 * The report goes to the uploader when the account has an e-mail address, in the uploader's language,
 * through the e-mail queue (the message lists the first problems; the attached report lists them all).
 */
export async function mailReport(
  ctx: AppContext,
  file: InboundFile,
  r: {
    fileType: number;
    fileError: FileMessage | undefined;
    total: number;
    rejected: number;
    applied: number;
    problems: CoreProblem[];
    report: Buffer;
    reportName: string;
  },
) {
  if (!file.uploadedBy) return;
  const [user] = await ctx.db
    .select({ email: users.email, fullName: users.fullName, language: users.language })
    .from(users)
    .where(eq(users.id, file.uploadedBy))
    .limit(1);
  if (!user?.email) return;
  await ctx.db.transaction((tx) =>
    enqueueMail(ctx, tx, {
      template: 'core-report',
      to: user.email!,
      language: user.language,
      userId: file.uploadedBy,
      params: {
        fullName: user.fullName,
        fileName: file.fileName,
        seq: file.seq,
        fileType: r.fileType === 0 ? 'coreless' : 'priceVerify',
        // Reasons are codes with values (decision 0410): the e-mail job words them in the recipient's language.
        fileError: r.fileError ? fileProblem(r.fileError) : null,
        total: r.total,
        rejected: r.rejected,
        applied: r.applied,
        problems: r.problems.slice(0, MAIL_PROBLEM_LINES).map((p) => ({ row: p.row, column: p.column, value: p.value, reason: p.reason })),
        more: Math.max(0, r.problems.length - MAIL_PROBLEM_LINES),
        reportName: r.reportName,
      },
      attachments: [{ filename: r.reportName, content: r.report, contentType: 'text/csv' }],
    }),
  );
  wakeMailWorker(ctx);
}
