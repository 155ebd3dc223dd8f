import { auditOrdersQuerySchema } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { validate } from '../../core/validate';
import { auditCsvFilename, type OrderAuditExport } from '../../engines/broker/order-audit-export';

export interface OrderAuditRouteDeps {
  orderAudit: Pick<OrderAuditExport, 'list' | 'csv'>;
}

/** The order audit trail over IST days (a session is required, as on every non-public route). */
export async function orderAuditRoutes(app: FastifyInstance, { orderAudit }: OrderAuditRouteDeps) {
  // The CSV a broker or SEBI inspection asks for; a file to save, never cached.
  app.get('/api/audit/orders', async (request, reply) => {
    const query = validate(auditOrdersQuerySchema, request.query, 'query');
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${auditCsvFilename(query)}"`)
      .header('Cache-Control', 'no-store')
      .send(orderAudit.csv(query));
  });

  app.get('/api/audit/orders/list', async (request) => {
    const query = validate(auditOrdersQuerySchema, request.query, 'query');
    return { success: true, data: orderAudit.list(query) };
  });
}
