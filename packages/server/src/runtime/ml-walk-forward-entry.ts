import { parentPort } from 'node:worker_threads';
import { runToEnd } from '../core/time-slices';
import { HistoryGenerator } from '../engines/market/simulator/history-generator';
import {
  generatedTrainingHistory,
  trainWalkForward,
  type WalkForwardRequest,
} from '../engines/ml/models/walk-forward';
import { lowerThisThreadsPriority } from './thread-priority';

// The ML walk-forward worker (ml-walk-forward-worker.ts starts one per run): the simulator's history
// rebuilt from its recipe, a fresh ensemble trained on it, only the trained state sent back.
const port = parentPort;
if (!port) throw new Error('ml-walk-forward-entry runs as a worker thread.');
lowerThisThreadsPriority();
port.once('message', (request: WalkForwardRequest) => {
  try {
    const sectors = new Map(request.sectors);
    const history = generatedTrainingHistory(HistoryGenerator.fromRecipe(request.recipe), (symbol) =>
      sectors.get(symbol),
    );
    port.postMessage({ ok: true, value: runToEnd(trainWalkForward(history)) });
  } catch (error) {
    port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
