/** Circle's CCTP v2: its attestation service's port and adapter (the contracts' reads and calls join them). */
export type { AttestationService, CctpPorts, IrisFee, IrisMessage } from "./attestation-port.ts";
export { IrisAdapter } from "./iris/adapter.ts";
