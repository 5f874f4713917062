import type { KitMessages } from "./en.ts";

/** The shared words in Japanese. */
export const kitJa: KitMessages = {
  "wallet.switchChain":
    "ウォレットは接続中のネットワークでのみ署名できます。ウォレットを{chain}に切り替えて、もう一度お試しください。",
  "wallet.declined": "ウォレットで署名が拒否されました。何も送信されていません。",
  "common.retry": "再試行",
  "common.error": "問題が発生しました",
  "error.network": "サーバーに接続できませんでした。接続を確認して、もう一度お試しください。",
  "error.internal": "システムで問題が発生しました。もう一度お試しください。",
};
