import type { OrderTicketInput, OrderTicketMarket, SetOrderTicket } from "./ticket.ts";

/** What every part of the ticket receives: the ticket, its setter, and the market it trades. */
export interface OrderTicketPartProps {
  ticket: OrderTicketInput;
  set: SetOrderTicket;
  market: OrderTicketMarket;
}
