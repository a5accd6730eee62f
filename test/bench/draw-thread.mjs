// Entry of draw-workers.ts's second engine thread: registers tsx, then runs that file's thread side.
import { register } from 'tsx/esm/api';

register();
await import('./draw-workers.ts');
