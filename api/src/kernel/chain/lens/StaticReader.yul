/// StaticReader: many views read in one call, none able to change state, placed by a state override (nothing is
/// deployed) where a simulation reads balances around the transactions it runs.
///
/// Calldata: calls one after the other, each [20 bytes: target][2 bytes: calldata length][calldata]. A call with no
/// calldata asks for the target's code size.
/// Answer: per call [32 bytes: bit 255 set when it succeeded, the low bits the answer's length][the answer, at most
/// 512 bytes, zero-padded to a whole word].
/// Each view runs by STATICCALL with at most 3,000,000 gas: a view reaching code that writes (a token's fallback
/// depositing) fails alone, cannot change what the simulated transactions meet, and cannot starve the views after it.
object "StaticReader" {
    code {
        let out := 0
        let end := calldatasize()
        for { let p := 0 } lt(p, end) { } {
            let target := shr(96, calldataload(p))
            let len := shr(240, calldataload(add(p, 20)))
            let answer := add(out, 32)
            let ok := 1
            let size := 32
            switch len
            case 0 {
                mstore(answer, extcodesize(target))
            }
            default {
                calldatacopy(answer, add(p, 22), len)
                let g := gas()
                if gt(g, 3000000) { g := 3000000 }
                ok := staticcall(g, target, answer, len, 0, 0)
                size := returndatasize()
                if gt(size, 512) { size := 512 }
                // the answer's last word is padded with zeros, not with the calldata it overwrote
                mstore(add(answer, and(size, not(31))), 0)
                returndatacopy(answer, 0, size)
            }
            mstore(out, or(shl(255, ok), size))
            out := add(answer, and(add(size, 31), not(31)))
            p := add(p, add(22, len))
        }
        return(0, out)
    }
}
