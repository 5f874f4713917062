import type { KitMessages } from "./en.ts";

/** The shared words in Korean. */
export const kitKo: KitMessages = {
  "wallet.switchChain":
    "지갑은 연결된 네트워크에서만 서명할 수 있습니다. 지갑을 {chain}(으)로 전환한 후 다시 시도하세요.",
  "wallet.declined": "지갑에서 서명을 거부했습니다. 아무것도 전송되지 않았습니다.",
  "common.retry": "다시 시도",
  "common.error": "문제가 발생했습니다",
  "error.network": "서버에 연결할 수 없습니다. 연결 상태를 확인한 후 다시 시도하세요.",
  "error.internal": "시스템에 문제가 발생했습니다. 다시 시도하세요.",
};
