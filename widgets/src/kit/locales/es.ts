import type { KitMessages } from "./en.ts";

/** The shared words in Spanish. */
export const kitEs: KitMessages = {
  "wallet.switchChain":
    "Tu wallet solo firma en la red a la que está conectada. Cambia tu wallet a {chain} y vuelve a intentarlo.",
  "wallet.declined": "Rechazaste la firma en tu wallet. No se envió nada.",
  "common.retry": "Reintentar",
  "common.error": "Algo salió mal",
  "error.network": "No pudimos conectar con el servidor. Revisa tu conexión y vuelve a intentarlo.",
  "error.internal": "Algo salió mal por nuestra parte. Vuelve a intentarlo.",
};
