import type { KitMessages } from "./en.ts";

/** The shared words in Simplified Chinese. */
export const kitZhCN: KitMessages = {
  "wallet.switchChain": "您的钱包只能为当前连接的网络签名。请将钱包切换到 {chain} 后重试。",
  "wallet.declined": "您已在钱包中拒绝签名，未发送任何内容。",
  "common.retry": "重试",
  "common.error": "出现问题",
  "error.network": "无法连接服务器。请检查网络连接后重试。",
  "error.internal": "我们这边出现了问题，请重试。",
};
