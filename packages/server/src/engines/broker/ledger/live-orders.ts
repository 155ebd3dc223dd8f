export type { LiveOrderRecord } from '../../../core/ports/repositories/orders';
