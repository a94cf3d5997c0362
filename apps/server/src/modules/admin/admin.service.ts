import type { ServiceDeps } from '../../services.js';

export class AdminService {
  constructor(private readonly deps: ServiceDeps) {}
}
