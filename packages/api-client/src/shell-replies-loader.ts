/** One import site for the shell's reply schemas, so they are one chunk whichever call asks first. */
export const loadShellReplies = () => import('./shell-replies');
