import type { ServiceDeps } from '../../services.js';

export class PaymentsService {
  constructor(private readonly deps: ServiceDeps) {}
}
