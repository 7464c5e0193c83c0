/**
 * Messages of inbound files as codes with values, so that each reader sees them in its own language.
 *
 * - A file's outcome (the file-status unit's message, a price file's message) is a `FileMessage`: the web
 *   app translates it (`files:message.<code>`); the API also sends an English sentence for other clients.
 * - A row's message (a line of the price result CSV, a rejected purchase) is a `RowMessage`. The server
 *   writes the result CSV in the uploader's language, so the texts of row messages live here, in every
 *   language of the portal; the web app shows rejected purchases with the same texts (decision 0090).
 */
export * from './message-codes';
export * from './message-texts';
export * from './message-schemas';
