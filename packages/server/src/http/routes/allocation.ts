import { allocationSaveRequestSchema, dailyAmountRequestSchema } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { validate } from '../../core/validate';
import type { AllocationService } from '../../engines/strategy/allocation/allocation-service';

export interface AllocationRouteDeps {
  allocation: Pick<
    AllocationService,
    'settings' | 'save' | 'dailyAmount' | 'setDailyAmount' | 'recommendation'
  >;
}

/** spec part 4 "Allocation save": the words the screen shows for 3 s. */
export const SETTINGS_SAVED = 'Settings saved successfully!';

/** spec part 1 §7 allocation calls: thin — validate, call the allocation service, reply. */
export async function allocationRoutes(app: FastifyInstance, { allocation }: AllocationRouteDeps) {
  app.get('/api/allocation/settings', async () => ({ success: true, data: await allocation.settings() }));

  app.post('/api/allocation/save', async (request) => {
    const body = validate(allocationSaveRequestSchema, request.body);
    return { success: true, message: SETTINGS_SAVED, data: await allocation.save(body) };
  });

  app.get('/api/allocation/daily-amount', async () => ({
    success: true,
    ...(await allocation.dailyAmount()),
  }));

  app.post('/api/allocation/daily-amount', async (request) => {
    const { daily_amount } = validate(dailyAmountRequestSchema, request.body);
    return { success: true, ...(await allocation.setDailyAmount(daily_amount)) };
  });

  app.get('/api/allocation/ai-recommendation', async () => ({
    success: true,
    ...(await allocation.recommendation()),
  }));
}
