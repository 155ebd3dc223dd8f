export { type ProcessExit, RESTART_EXIT_CODE, type RestartKind, RestartService } from './restart-service';
