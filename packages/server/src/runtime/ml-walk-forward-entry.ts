import { parentPort } from 'node:worker_threads';
import { runToEnd } from '../core/time-slices';
import { HistoryGenerator } from '../engines/market/simulator/history-generator';
import {
  generatedTrainingHistory,
  trainWalkForward,
  type WalkForwardRequest,
} from '../engines/ml/models/walk-forward';
import { newsOfGeneratedHistory, withPastNews } from '../engines/ml/past-news';
import { lowerThisThreadsPriority } from './thread-priority';

// The ML walk-forward worker (ml-walk-forward-worker.ts starts one per run): the simulator's history
// rebuilt from its recipe, a fresh ensemble trained on it, only the trained state sent back.
const port = parentPort;
if (!port) throw new Error('ml-walk-forward-entry runs as a worker thread.');
lowerThisThreadsPriority();
port.once('message', (request: WalkForwardRequest) => {
  try {
    const sectors = new Map(request.sectors);
    const generator = HistoryGenerator.fromRecipe(request.recipe);
    // The sessions' news, as the news pipeline loads it at a fresh start: the news model trains on it too.
    const history = withPastNews(
      generatedTrainingHistory(generator, (symbol) => sectors.get(symbol)),
      newsOfGeneratedHistory(generator),
    );
    port.postMessage({ ok: true, value: runToEnd(trainWalkForward(history)) });
  } catch (error) {
    port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
