import type { ServiceDeps } from '../../services.js';

export class BookingsService {
  constructor(private readonly deps: ServiceDeps) {}
}
