// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @dev Morpho Blue's market parameters, as its `IMorpho` declares them.
struct MarketParams {
    address loanToken;
    address collateralToken;
    address oracle;
    address irm;
    uint256 lltv;
}

/// @dev One target of `reallocate`: the assets the vault should hold in that market afterwards
///      (`type(uint256).max` = everything withdrawn by the earlier entries), as in MetaMorpho's ABI.
struct MarketAllocation {
    MarketParams marketParams;
    uint256 assets;
}

/// @dev The part of Morpho Blue's public interface the vault calls.
interface IMorphoBlue {
    function supply(MarketParams memory marketParams, uint256 assets, uint256 shares, address onBehalf, bytes memory data)
        external
        returns (uint256, uint256);
    function withdraw(MarketParams memory marketParams, uint256 assets, uint256 shares, address onBehalf, address receiver)
        external
        returns (uint256, uint256);
    function accrueInterest(MarketParams memory marketParams) external;
    function position(bytes32 id, address user) external view returns (uint256, uint128, uint128);
    function market(bytes32 id) external view returns (uint128, uint128, uint128, uint128, uint128, uint128);
}

/// @title MetaMorphoTwin
/// @notice The devnet's own curated ERC-4626 vault over Morpho Blue, exposing MetaMorpho's public ABI
///         (`MORPHO`, `owner`, `curator`, `fee`, `feeRecipient`, `timelock`, `config`, `supplyQueue`,
///         `withdrawQueue`, `submitCap`/`acceptCap`, `setSupplyQueue`, `reallocate`). Morpho publishes no
///         MetaMorpho build on npm, so this is written from that ABI and its documented behaviour, not from
///         Morpho's code: deposits are supplied to Morpho Blue along the supply queue up to each market's
///         cap, withdrawals are taken from Morpho Blue along the withdraw queue, `totalAssets` is the vault's
///         supply in every market of the withdraw queue (as of each market's last interest accrual, which the
///         vault triggers before every deposit and withdrawal). The performance fee is minted as shares to
///         `feeRecipient` on the interest accrued since the last interaction.
///         Simplifications, documented: one role check (`owner`, `curator` or an allocator) for allocation,
///         removing a market from the withdraw queue is not offered, no guardian.
contract MetaMorphoTwin is ERC4626 {
    using SafeERC20 for IERC20;

    struct MarketConfig {
        uint184 cap;
        bool enabled;
        uint64 removableAt;
    }

    struct PendingUint192 {
        uint192 value;
        uint64 validAt;
    }

    uint256 public constant MAX_FEE = 0.5e18;
    uint256 public constant MAX_TIMELOCK = 2 weeks;
    uint256 public constant MAX_QUEUE_LENGTH = 30;

    IMorphoBlue public immutable MORPHO;

    address public owner;
    address public curator;
    address public feeRecipient;
    uint96 public fee;
    uint256 public timelock;
    uint256 public lastTotalAssets;
    mapping(address => bool) public isAllocator;
    mapping(bytes32 => MarketConfig) public config;
    mapping(bytes32 => PendingUint192) public pendingCap;
    mapping(bytes32 => MarketParams) internal _params;
    bytes32[] public supplyQueue;
    bytes32[] public withdrawQueue;

    event SetCurator(address indexed newCurator);
    event SetIsAllocator(address indexed allocator, bool isAllocator);
    event SetFee(address indexed caller, uint256 newFee);
    event SetFeeRecipient(address indexed newFeeRecipient);
    event SubmitCap(address indexed caller, bytes32 indexed id, uint256 cap);
    event SetCap(address indexed caller, bytes32 indexed id, uint256 cap);
    event SetSupplyQueue(address indexed caller, bytes32[] newSupplyQueue);
    event ReallocateSupply(address indexed caller, bytes32 indexed id, uint256 suppliedAssets, uint256 suppliedShares);
    event ReallocateWithdraw(address indexed caller, bytes32 indexed id, uint256 withdrawnAssets, uint256 withdrawnShares);
    event AccrueInterest(uint256 newTotalAssets, uint256 feeShares);

    error NotOwner();
    error NotCuratorRole();
    error NotAllocatorRole();
    error AboveMaxTimelock();
    error MaxFeeExceeded();
    error ZeroFeeRecipient();
    error InconsistentAsset(bytes32 id);
    error NoPendingValue();
    error TimelockNotElapsed();
    error UnauthorizedMarket(bytes32 id);
    error SupplyCapExceeded(bytes32 id);
    error MaxQueueLengthExceeded();
    error AllCapsReached();
    error NotEnoughLiquidity();
    error InconsistentReallocation();

    constructor(
        address owner_,
        address morpho,
        uint256 initialTimelock,
        address asset_,
        string memory name_,
        string memory symbol_
    ) ERC20(name_, symbol_) ERC4626(IERC20(asset_)) {
        if (initialTimelock > MAX_TIMELOCK) revert AboveMaxTimelock();
        owner = owner_;
        MORPHO = IMorphoBlue(morpho);
        timelock = initialTimelock;
        IERC20(asset_).forceApprove(morpho, type(uint256).max);
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    modifier onlyCuratorRole() {
        if (msg.sender != owner && msg.sender != curator) revert NotCuratorRole();
        _;
    }

    modifier onlyAllocatorRole() {
        if (msg.sender != owner && msg.sender != curator && !isAllocator[msg.sender]) revert NotAllocatorRole();
        _;
    }

    // ---- owner / curator ----

    function setCurator(address newCurator) external onlyOwner {
        curator = newCurator;
        emit SetCurator(newCurator);
    }

    function setIsAllocator(address allocator, bool value) external onlyOwner {
        isAllocator[allocator] = value;
        emit SetIsAllocator(allocator, value);
    }

    function setFeeRecipient(address newFeeRecipient) external onlyOwner {
        _accrueFee();
        feeRecipient = newFeeRecipient;
        emit SetFeeRecipient(newFeeRecipient);
    }

    function setFee(uint256 newFee) external onlyOwner {
        if (newFee > MAX_FEE) revert MaxFeeExceeded();
        if (newFee != 0 && feeRecipient == address(0)) revert ZeroFeeRecipient();
        _accrueFee();
        fee = uint96(newFee);
        emit SetFee(msg.sender, newFee);
    }

    /// @notice A lower cap applies at once; a higher one after `timelock` seconds (`acceptCap`).
    function submitCap(MarketParams memory marketParams, uint256 newSupplyCap) external onlyCuratorRole {
        if (marketParams.loanToken != asset()) revert InconsistentAsset(_id(marketParams));
        bytes32 id = _id(marketParams);
        _params[id] = marketParams;
        if (newSupplyCap < config[id].cap || timelock == 0) {
            _setCap(id, uint184(newSupplyCap));
        } else {
            pendingCap[id] = PendingUint192(uint192(newSupplyCap), uint64(block.timestamp + timelock));
            emit SubmitCap(msg.sender, id, newSupplyCap);
        }
    }

    function acceptCap(MarketParams memory marketParams) external {
        bytes32 id = _id(marketParams);
        PendingUint192 memory pending = pendingCap[id];
        if (pending.validAt == 0) revert NoPendingValue();
        if (block.timestamp < pending.validAt) revert TimelockNotElapsed();
        delete pendingCap[id];
        _setCap(id, uint184(pending.value));
    }

    function setSupplyQueue(bytes32[] calldata newSupplyQueue) external onlyAllocatorRole {
        if (newSupplyQueue.length > MAX_QUEUE_LENGTH) revert MaxQueueLengthExceeded();
        for (uint256 i; i < newSupplyQueue.length; ++i) {
            if (config[newSupplyQueue[i]].cap == 0) revert UnauthorizedMarket(newSupplyQueue[i]);
        }
        supplyQueue = newSupplyQueue;
        emit SetSupplyQueue(msg.sender, newSupplyQueue);
    }

    /// @notice Moves supply between enabled markets: each entry ends with `assets` supplied there.
    function reallocate(MarketAllocation[] calldata allocations) external onlyAllocatorRole {
        uint256 withdrawn;
        uint256 supplied;
        for (uint256 i; i < allocations.length; ++i) {
            MarketParams memory mp = allocations[i].marketParams;
            bytes32 id = _id(mp);
            if (!config[id].enabled) revert UnauthorizedMarket(id);
            MORPHO.accrueInterest(mp);
            uint256 current = _supplyAssets(id);
            uint256 target = allocations[i].assets;
            if (target < current) {
                (uint256 a, uint256 s) = target == 0
                    ? MORPHO.withdraw(mp, 0, _supplyShares(id), address(this), address(this))
                    : MORPHO.withdraw(mp, current - target, 0, address(this), address(this));
                withdrawn += a;
                emit ReallocateWithdraw(msg.sender, id, a, s);
            } else if (target > current) {
                uint256 amount = target == type(uint256).max ? withdrawn - supplied : target - current;
                if (current + amount > config[id].cap) revert SupplyCapExceeded(id);
                (uint256 a, uint256 s) = MORPHO.supply(mp, amount, 0, address(this), "");
                supplied += a;
                emit ReallocateSupply(msg.sender, id, a, s);
            }
        }
        if (withdrawn != supplied) revert InconsistentReallocation();
    }

    // ---- views ----

    function supplyQueueLength() external view returns (uint256) {
        return supplyQueue.length;
    }

    function withdrawQueueLength() external view returns (uint256) {
        return withdrawQueue.length;
    }

    /// @notice The vault's supply in every market of the withdraw queue, plus idle assets it holds.
    function totalAssets() public view override returns (uint256 assets) {
        for (uint256 i; i < withdrawQueue.length; ++i) assets += _supplyAssets(withdrawQueue[i]);
        assets += IERC20(asset()).balanceOf(address(this));
    }

    /// @notice What the supply queue's caps still admit; 0 when every cap is reached (or none is set).
    function maxDeposit(address) public view override returns (uint256 room) {
        for (uint256 i; i < supplyQueue.length; ++i) {
            bytes32 id = supplyQueue[i];
            uint256 cap = config[id].cap;
            uint256 current = _supplyAssets(id);
            if (cap > current) room += cap - current;
        }
    }

    function maxMint(address receiver) public view override returns (uint256) {
        return convertToShares(maxDeposit(receiver));
    }

    /// @notice The owner's assets, bounded by what the withdraw queue's markets can pay out now.
    function maxWithdraw(address holder) public view override returns (uint256) {
        return Math.min(convertToAssets(balanceOf(holder)), _withdrawable());
    }

    function maxRedeem(address holder) public view override returns (uint256) {
        return Math.min(balanceOf(holder), convertToShares(_withdrawable()));
    }

    // ---- ERC-4626 entry points: accrue first so previews use current interest ----

    function deposit(uint256 assets, address receiver) public override returns (uint256) {
        _accrueAll();
        return super.deposit(assets, receiver);
    }

    function mint(uint256 shares, address receiver) public override returns (uint256) {
        _accrueAll();
        return super.mint(shares, receiver);
    }

    function withdraw(uint256 assets, address receiver, address holder) public override returns (uint256) {
        _accrueAll();
        return super.withdraw(assets, receiver, holder);
    }

    function redeem(uint256 shares, address receiver, address holder) public override returns (uint256) {
        _accrueAll();
        return super.redeem(shares, receiver, holder);
    }

    function _deposit(address caller, address receiver, uint256 assets, uint256 shares) internal override {
        super._deposit(caller, receiver, assets, shares);
        uint256 left = assets;
        for (uint256 i; i < supplyQueue.length && left > 0; ++i) {
            bytes32 id = supplyQueue[i];
            uint256 cap = config[id].cap;
            uint256 current = _supplyAssets(id);
            if (cap <= current) continue;
            uint256 amount = Math.min(left, cap - current);
            MORPHO.supply(_params[id], amount, 0, address(this), "");
            left -= amount;
        }
        if (left != 0) revert AllCapsReached();
        lastTotalAssets = totalAssets();
    }

    function _withdraw(address caller, address receiver, address holder, uint256 assets, uint256 shares)
        internal
        override
    {
        uint256 idle = IERC20(asset()).balanceOf(address(this));
        uint256 left = assets > idle ? assets - idle : 0;
        for (uint256 i; i < withdrawQueue.length && left > 0; ++i) {
            bytes32 id = withdrawQueue[i];
            uint256 amount = Math.min(left, Math.min(_supplyAssets(id), _liquidity(id)));
            if (amount == 0) continue;
            MORPHO.withdraw(_params[id], amount, 0, address(this), address(this));
            left -= amount;
        }
        if (left != 0) revert NotEnoughLiquidity();
        super._withdraw(caller, receiver, holder, assets, shares);
        lastTotalAssets = totalAssets();
    }

    // ---- internals ----

    function _setCap(bytes32 id, uint184 cap) internal {
        MarketConfig storage c = config[id];
        if (cap > 0 && !c.enabled) {
            if (withdrawQueue.length >= MAX_QUEUE_LENGTH) revert MaxQueueLengthExceeded();
            withdrawQueue.push(id);
            c.enabled = true;
        }
        c.cap = cap;
        emit SetCap(msg.sender, id, cap);
    }

    function _accrueAll() internal {
        for (uint256 i; i < withdrawQueue.length; ++i) MORPHO.accrueInterest(_params[withdrawQueue[i]]);
        _accrueFee();
    }

    /// @dev Mints `fee` of the interest earned since the last interaction to `feeRecipient`, as shares.
    function _accrueFee() internal {
        uint256 newTotal = totalAssets();
        uint256 feeShares;
        if (fee != 0 && newTotal > lastTotalAssets) {
            uint256 feeAssets = Math.mulDiv(newTotal - lastTotalAssets, fee, 1e18);
            feeShares = Math.mulDiv(feeAssets, totalSupply() + 10 ** _decimalsOffset(), newTotal - feeAssets + 1);
            if (feeShares != 0) _mint(feeRecipient, feeShares);
        }
        lastTotalAssets = newTotal;
        emit AccrueInterest(newTotal, feeShares);
    }

    function _withdrawable() internal view returns (uint256 total) {
        total = IERC20(asset()).balanceOf(address(this));
        for (uint256 i; i < withdrawQueue.length; ++i) {
            bytes32 id = withdrawQueue[i];
            total += Math.min(_supplyAssets(id), _liquidity(id));
        }
    }

    function _supplyShares(bytes32 id) internal view returns (uint256 shares) {
        (shares,,) = MORPHO.position(id, address(this));
    }

    /// @dev Supply shares to assets rounding down, with Morpho Blue's virtual shares (1e6) and asset (1).
    function _supplyAssets(bytes32 id) internal view returns (uint256) {
        (uint128 totalSupplyAssets, uint128 totalSupplyShares,,,,) = MORPHO.market(id);
        return Math.mulDiv(_supplyShares(id), uint256(totalSupplyAssets) + 1, uint256(totalSupplyShares) + 1e6);
    }

    function _liquidity(bytes32 id) internal view returns (uint256) {
        (uint128 totalSupplyAssets,, uint128 totalBorrowAssets,,,) = MORPHO.market(id);
        return totalSupplyAssets - totalBorrowAssets;
    }

    function _id(MarketParams memory mp) internal pure returns (bytes32) {
        return keccak256(abi.encode(mp));
    }
}
