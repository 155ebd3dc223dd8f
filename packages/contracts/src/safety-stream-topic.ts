/** The stream topic that carries the halt state on every change, and each new risk alert. */
export const SAFETY_STREAM_TOPIC = 'safety';
