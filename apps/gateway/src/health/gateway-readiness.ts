import { Injectable } from '@nestjs/common';
import { BusClient, SERVICE_PINGS, ServicesReadiness } from '@pc/platform';

/**
 * The gateway forwards to every service: one verdict for the bus, then one per service, in fixed words
 * (its /health/ready is public); the reasons go to its log (ServicesReadiness).
 */
@Injectable()
export class GatewayReadiness extends ServicesReadiness {
  constructor(bus: BusClient) {
    super(bus, SERVICE_PINGS);
  }
}
