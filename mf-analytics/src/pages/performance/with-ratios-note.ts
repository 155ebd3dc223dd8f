/**
 * A withheld annualised ratio with the server's reason beside it: "— (Needs 30 trading days; this
 * period has 2)" (docs/decisions/0059); the figure alone when there is no note.
 */
export const withRatiosNote = (text: string, note: string | null) => (note ? `${text} (${note})` : text);
