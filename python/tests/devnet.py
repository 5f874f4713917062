"""The live devnet `npm test` starts, as the Python tests reach it: its address book and each chain's JSON-RPC."""
import json
import os
import time
import urllib.request

DEVNET = os.environ.get("COMPASS_DEVNET_DIR")


def book():
    with open(os.path.join(DEVNET, "addressbook.json")) as f:
        return json.load(f)


def rpc(chain, method, params):
    req = urllib.request.Request(
        book()["chains"][chain]["rpcUrl"],
        data=json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(req) as r:
        body = json.load(r)
    if "error" in body:
        raise RuntimeError(body["error"])
    return body["result"]


def balance_of(chain, token, who):
    data = "0x70a08231" + who[2:].lower().rjust(64, "0")
    return int(rpc(chain, "eth_call", [{"to": token, "data": data}, "latest"]), 16)


def send(chain, tx):
    """The dev accounts are anvil's unlocked ones: the node signs (Python's stdlib has no secp256k1)."""
    fields = {k: tx[k] for k in ("from", "to", "data", "value", "gas", "nonce", "maxFeePerGas", "maxPriorityFeePerGas") if tx.get(k)}
    tx_hash = rpc(chain, "eth_sendTransaction", [fields])
    receipt = None
    for _ in range(200):  # the node may answer the send before the receipt is queryable
        receipt = rpc(chain, "eth_getTransactionReceipt", [tx_hash])
        if receipt:
            break
        time.sleep(0.05)
    assert receipt and receipt["status"] == "0x1", receipt
    return receipt
