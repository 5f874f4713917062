/// ViewLens: read many one-word views in one eth_call, without deploying anything.
///
/// Sent as the `data` of an eth_call with no `to`: the node runs this creation code, which makes the calls and
/// returns their answers as the "deployed code". Appended to the code: the calls, then their byte length (32 bytes).
/// Each call is [1 byte: has an argument][20 bytes: target][4 bytes: selector][32 bytes: the argument, if any].
/// Each answer is [1 byte: 0 reverted, 1 answered a word, 2 answered less than a word][32 bytes: the first word].
/// A call gets at most 3,000,000 gas, so one that fails by running out cannot starve the calls after it.
object "ViewLens" {
    code {
        let size := codesize()
        codecopy(0, sub(size, 32), 32)
        let len := mload(0)
        let inStart := 0x80
        codecopy(inStart, sub(sub(size, 32), len), len)
        let inEnd := add(inStart, len)
        let outStart := add(inEnd, 32)
        let out := outStart
        for { let p := inStart } lt(p, inEnd) { } {
            let hasArg := byte(0, mload(p))
            let target := shr(96, mload(add(p, 1)))
            let cdLen := add(4, mul(hasArg, 32))
            mstore(0, 0)
            let g := gas()
            if gt(g, 3000000) { g := 3000000 }
            let ok := staticcall(g, target, add(p, 21), cdLen, 0, 32)
            let status := 0
            if ok {
                status := 2
                if iszero(lt(returndatasize(), 32)) { status := 1 }
            }
            mstore8(out, status)
            mstore(add(out, 1), mload(0))
            out := add(out, 33)
            p := add(p, add(21, cdLen))
        }
        return(outStart, sub(out, outStart))
    }
}
