// Reference solution: a job runner that reports via events safely.
import { EventEmitter } from 'node:events';

export class JobRunner extends EventEmitter {
  /**
   * Run `job()` and report via events. Listeners run synchronously inside
   * emit(). If nobody listens for 'error', the failure is reported through
   * the return value instead of letting emit('error') throw.
   */
  async run(job) {
    this.emit('start');
    let result;
    try {
      result = await job();
    } catch (err) {
      if (this.listenerCount('error') > 0) this.emit('error', err);
      return { ok: false, error: err };
    }
    this.emit('done', result);
    return { ok: true, result };
  }
}
