import type { ServiceDeps } from '../../services.js';

export class ReportsService {
  constructor(private readonly deps: ServiceDeps) {}
}
