// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

interface IIrm {
    function computeInterestRate(address vault, uint256 cash, uint256 borrows) external returns (uint256);
}

/// @title EulerVaultTwin
/// @notice A lending vault with the Euler Vault Kit's (EVK) public ABI for what readers, depositors and the
///         governor use, written from that ABI and its documented behaviour — not Euler's code (Euler publishes
///         no deployable artifacts on npm). ERC-4626 over one asset; lent cash earns the borrowers' interest:
///         `totalAssets` = `cash` + `totalBorrows`, interest compounded per second through
///         `interestAccumulator` (ray) at the rate the vault's interest rate model set after the last
///         interaction (a model that reverts means 0 %, as in EVK). The `interestFee` share of that interest
///         (1e4 scale, 10 % by default as EVK's) is taken as shares counted in `accumulatedFees` and in
///         `totalSupply`, so depositors' share price grows by the interest net of the fee; `convertFees`
///         hands them to `feeReceiver`. `caps()` in EVK's AmountCap encoding (0 = no cap; else
///         10^(cap & 63) * (cap >> 6) / 100); `maxDeposit` what the supply cap leaves (without one, what the
///         cash can still take, EVK's uint112 bound), `maxWithdraw`/`maxRedeem` bounded by the cash.
///         `setHookConfig(address(0), ops)` disables operations as in EVK (their max* views are then 0).
///         `VaultStatus` after every change, `Borrow`/`Repay` and the `GovSet*` events as EVK emits them.
/// @dev Twin simplifications, documented in devnet/README.md: no Ethereum Vault Connector (`EVC()` is the zero
///      address) — borrowing is open to the addresses the governor allows (`setBorrower`, twin-only) without
///      collateral or account-status checks, so no LTVs and no liquidation; no hook targets (only address(0),
///      which disables the hooked operations); no protocol config (the whole fee goes to `feeReceiver`, and
///      stays accumulated while there is none); no oracle reads (`oracle()` is listed only); transfers are
///      never hooked.
contract EulerVaultTwin is ERC4626 {
    using SafeERC20 for IERC20;
    using Math for uint256;

    uint256 private constant RAY = 1e27;
    uint16 private constant CONFIG_SCALE = 1e4;
    uint16 private constant DEFAULT_INTEREST_FEE = 0.1e4;
    uint256 private constant MAX_SANE_AMOUNT = type(uint112).max;
    /// @dev EVK's ceiling on a model's rate: 1,000,000 % a year, per second in ray
    uint256 private constant MAX_ALLOWED_INTEREST_RATE = 291867278914945094175;

    uint32 private constant OP_DEPOSIT = 1 << 0;
    uint32 private constant OP_MINT = 1 << 1;
    uint32 private constant OP_WITHDRAW = 1 << 2;
    uint32 private constant OP_REDEEM = 1 << 3;
    uint32 private constant OP_BORROW = 1 << 6;
    uint32 private constant OP_REPAY = 1 << 7;
    uint32 private constant OP_CONVERT_FEES = 1 << 10;
    uint32 private constant OP_TOUCH = 1 << 13;
    uint32 private constant OP_MAX_VALUE = 1 << 15;

    address public immutable creator;
    address public immutable oracle;
    address public immutable unitOfAccount;
    address public governorAdmin;
    address public feeReceiver;
    address public interestRateModel;
    uint16 public interestFee = DEFAULT_INTEREST_FEE;
    uint16 private supplyCap;
    uint16 private borrowCap;
    uint32 private hookedOps;

    uint256 public cash;
    /// @notice per-second rate in force since the last update (ray)
    uint256 public interestRate;
    uint256 private accumulator = RAY;
    uint256 private lastUpdate;
    /// @notice debt at the last update (assets, rounded up)
    uint256 private borrows;
    /// @notice fee shares at the last update, not yet converted (part of totalSupply, nobody's balance)
    uint256 private fees;
    /// @notice each borrower's debt in units of the accumulator
    mapping(address => uint256) private owed;
    mapping(address => bool) public isBorrower;

    event VaultStatus(
        uint256 totalShares,
        uint256 totalBorrows,
        uint256 accumulatedFees,
        uint256 cash,
        uint256 interestAccumulator,
        uint256 interestRate,
        uint256 timestamp
    );
    event Borrow(address indexed account, uint256 assets);
    event Repay(address indexed account, uint256 assets);
    event ConvertFees(
        address indexed sender,
        address indexed protocolReceiver,
        address indexed governorReceiver,
        uint256 protocolShares,
        uint256 governorShares
    );
    event GovSetGovernorAdmin(address indexed newGovernorAdmin);
    event GovSetFeeReceiver(address indexed newFeeReceiver);
    event GovSetInterestRateModel(address newInterestRateModel);
    event GovSetHookConfig(address indexed newHookTarget, uint32 newHookedOps);
    event GovSetCaps(uint16 newSupplyCap, uint16 newBorrowCap);
    event GovSetInterestFee(uint16 newFee);
    /// @notice twin-only: the governor allowed or barred a borrower
    event TwinSetBorrower(address indexed account, bool allowed);

    error E_Unauthorized();
    error E_OperationDisabled();
    error E_NotHookTarget();
    error E_NotSupported();
    error E_BadSupplyCap();
    error E_BadBorrowCap();
    error E_BadFee();
    error E_SupplyCapExceeded();
    error E_BorrowCapExceeded();
    error E_InsufficientCash();
    error E_RepayTooMuch();

    /// @dev the state interest has moved since the last update, as of this block
    struct Accrued {
        uint256 accumulator;
        uint256 borrows;
        uint256 fees;
    }

    modifier governorOnly() {
        if (msg.sender != governorAdmin) revert E_Unauthorized();
        _;
    }

    modifier enabled(uint32 op) {
        if (hookedOps & op != 0) revert E_OperationDisabled();
        _;
    }

    constructor(
        IERC20 asset_,
        address oracle_,
        address unitOfAccount_,
        address governor_,
        string memory name_,
        string memory symbol_
    ) ERC20(name_, symbol_) ERC4626(asset_) {
        creator = governor_;
        governorAdmin = governor_;
        oracle = oracle_;
        unitOfAccount = unitOfAccount_;
        lastUpdate = block.timestamp;
    }

    // ---- EVK views ----

    function EVC() external pure returns (address) {
        return address(0);
    }

    function protocolConfigAddress() external pure returns (address) {
        return address(0);
    }

    function LTVList() external pure returns (address[] memory) {
        return new address[](0);
    }

    function caps() external view returns (uint16 supplyCap_, uint16 borrowCap_) {
        return (supplyCap, borrowCap);
    }

    function hookConfig() external view returns (address hookTarget, uint32 hookedOps_) {
        return (address(0), hookedOps);
    }

    function accumulatedFees() public view returns (uint256) {
        return _accrued().fees;
    }

    function accumulatedFeesAssets() external view returns (uint256) {
        return convertToAssets(accumulatedFees());
    }

    function interestAccumulator() external view returns (uint256) {
        return _accrued().accumulator;
    }

    function totalBorrows() external view returns (uint256) {
        return _accrued().borrows;
    }

    function debtOf(address account) external view returns (uint256) {
        return owed[account].mulDiv(_accrued().accumulator, RAY, Math.Rounding.Ceil);
    }

    /// @notice the shares of every holder and the fees not yet converted, as EVK's totalShares
    function totalSupply() public view override(ERC20, IERC20) returns (uint256) {
        return super.totalSupply() + _accrued().fees;
    }

    function totalAssets() public view override returns (uint256) {
        return cash + _accrued().borrows;
    }

    function maxDeposit(address) public view override returns (uint256) {
        if (hookedOps & OP_DEPOSIT != 0) return 0;
        uint256 room = _supplyRoom();
        return previewDeposit(room) == 0 ? 0 : room;
    }

    function maxMint(address) public view override returns (uint256) {
        return hookedOps & OP_MINT != 0 ? 0 : previewDeposit(_supplyRoom());
    }

    function maxWithdraw(address owner) public view override returns (uint256) {
        if (hookedOps & OP_WITHDRAW != 0) return 0;
        uint256 own = _convertToAssets(balanceOf(owner), Math.Rounding.Floor);
        return own < cash ? own : cash;
    }

    function maxRedeem(address owner) public view override returns (uint256) {
        if (hookedOps & OP_REDEEM != 0) return 0;
        uint256 shares = balanceOf(owner);
        uint256 liquid = _convertToShares(cash, Math.Rounding.Floor);
        return shares < liquid ? shares : liquid;
    }

    // ---- governance ----

    function setGovernorAdmin(address newGovernorAdmin) external governorOnly {
        governorAdmin = newGovernorAdmin;
        emit GovSetGovernorAdmin(newGovernorAdmin);
    }

    function setFeeReceiver(address newFeeReceiver) external governorOnly {
        feeReceiver = newFeeReceiver;
        emit GovSetFeeReceiver(newFeeReceiver);
    }

    function setInterestRateModel(address newModel) external governorOnly {
        _touch();
        interestRateModel = newModel;
        emit GovSetInterestRateModel(newModel);
        _updateRate();
    }

    /// @notice the pending interest is charged at the old fee first
    function setInterestFee(uint16 newFee) external governorOnly {
        if (newFee > CONFIG_SCALE) revert E_BadFee();
        _touch();
        interestFee = newFee;
        emit GovSetInterestFee(newFee);
        _updateRate();
    }

    /// @notice only address(0) as the target: the hooked operations are then disabled (a twin calls no hook)
    function setHookConfig(address newHookTarget, uint32 newHookedOps) external governorOnly {
        if (newHookTarget != address(0)) revert E_NotHookTarget();
        if (newHookedOps >= OP_MAX_VALUE) revert E_NotSupported();
        hookedOps = newHookedOps;
        emit GovSetHookConfig(newHookTarget, newHookedOps);
    }

    function setCaps(uint16 newSupplyCap, uint16 newBorrowCap) external governorOnly {
        // total assets are cash plus debt, each bounded by uint112
        if (newSupplyCap != 0 && _decodeCap(newSupplyCap) > 2 * MAX_SANE_AMOUNT) revert E_BadSupplyCap();
        if (newBorrowCap != 0 && _decodeCap(newBorrowCap) > MAX_SANE_AMOUNT) revert E_BadBorrowCap();
        supplyCap = newSupplyCap;
        borrowCap = newBorrowCap;
        emit GovSetCaps(newSupplyCap, newBorrowCap);
    }

    /// @notice twin-only: who may borrow (EVK checks collateral through the EVC instead)
    function setBorrower(address account, bool allowed) external governorOnly {
        isBorrower[account] = allowed;
        emit TwinSetBorrower(account, allowed);
    }

    // ---- lending ----

    function touch() external enabled(OP_TOUCH) {
        _touch();
        _updateRate();
    }

    /// @notice `amount` = type(uint256).max borrows all the cash
    function borrow(uint256 amount, address receiver) external enabled(OP_BORROW) returns (uint256) {
        if (!isBorrower[msg.sender]) revert E_Unauthorized();
        _touch();
        if (amount == type(uint256).max) amount = cash;
        if (amount > cash) revert E_InsufficientCash();
        uint256 bcap = _decodeCap(borrowCap);
        if (borrows + amount > bcap) revert E_BorrowCapExceeded();
        owed[msg.sender] += amount.mulDiv(RAY, accumulator, Math.Rounding.Ceil);
        borrows += amount;
        cash -= amount;
        IERC20(asset()).safeTransfer(receiver, amount);
        emit Borrow(msg.sender, amount);
        _updateRate();
        return amount;
    }

    /// @notice repays `receiver`'s debt; `amount` = type(uint256).max repays all of it
    function repay(uint256 amount, address receiver) external enabled(OP_REPAY) returns (uint256) {
        _touch();
        uint256 debt = owed[receiver].mulDiv(accumulator, RAY, Math.Rounding.Ceil);
        if (amount == type(uint256).max) amount = debt;
        if (amount > debt) revert E_RepayTooMuch();
        IERC20(asset()).safeTransferFrom(msg.sender, address(this), amount);
        owed[receiver] = amount == debt ? 0 : owed[receiver] - amount.mulDiv(RAY, accumulator, Math.Rounding.Floor);
        borrows = amount >= borrows ? 0 : borrows - amount;
        cash += amount;
        emit Repay(receiver, amount);
        _updateRate();
        return amount;
    }

    /// @notice the accumulated fee shares to `feeReceiver` (none set: they stay accumulated)
    function convertFees() external enabled(OP_CONVERT_FEES) {
        _touch();
        uint256 amount = fees;
        if (amount == 0 || feeReceiver == address(0)) return;
        // fees leave the unassigned count for the receiver's balance: totalSupply is unchanged
        fees = 0;
        _mint(feeReceiver, amount);
        emit ConvertFees(msg.sender, address(0), feeReceiver, 0, amount);
        _updateRate();
    }

    // ---- ERC-4626 ----

    function deposit(uint256 assets, address receiver) public override enabled(OP_DEPOSIT) returns (uint256) {
        return super.deposit(assets, receiver);
    }

    function mint(uint256 shares, address receiver) public override enabled(OP_MINT) returns (uint256) {
        return super.mint(shares, receiver);
    }

    function withdraw(uint256 assets, address receiver, address owner)
        public
        override
        enabled(OP_WITHDRAW)
        returns (uint256)
    {
        return super.withdraw(assets, receiver, owner);
    }

    function redeem(uint256 shares, address receiver, address owner)
        public
        override
        enabled(OP_REDEEM)
        returns (uint256)
    {
        return super.redeem(shares, receiver, owner);
    }

    /// @dev shares were priced on the accrued state (the views); the state is brought to it before minting
    function _deposit(address caller, address receiver, uint256 assets, uint256 shares) internal override {
        if (assets > _supplyRoom()) revert E_SupplyCapExceeded();
        _touch();
        super._deposit(caller, receiver, assets, shares);
        cash += assets;
        _updateRate();
    }

    function _withdraw(address caller, address receiver, address owner, uint256 assets, uint256 shares)
        internal
        override
    {
        _touch();
        if (assets > cash) revert E_InsufficientCash();
        cash -= assets;
        super._withdraw(caller, receiver, owner, assets, shares);
        _updateRate();
    }

    // ---- interest ----

    function _accrued() private view returns (Accrued memory a) {
        a = Accrued(accumulator, borrows, fees);
        uint256 elapsed = block.timestamp - lastUpdate;
        if (elapsed == 0 || interestRate == 0) return a;
        // compounded per second over the interval: (1 + r)^t, by squaring (r in ray)
        a.accumulator = accumulator.mulDiv(_rpow(RAY + interestRate, elapsed), RAY);
        a.borrows = borrows.mulDiv(a.accumulator, accumulator, Math.Rounding.Ceil);
        uint256 feeAssets = ((a.borrows - borrows) * interestFee) / CONFIG_SCALE;
        uint256 shares = super.totalSupply() + fees;
        if (feeAssets == 0 || shares == 0) return a;
        // new shares worth `feeAssets` of the assets after the interest: holders keep the rest of it
        uint256 assetsAfter = cash + a.borrows;
        a.fees += assetsAfter.mulDiv(shares, assetsAfter - feeAssets) - shares;
    }

    function _touch() private {
        Accrued memory a = _accrued();
        (accumulator, borrows, fees) = (a.accumulator, a.borrows, a.fees);
        lastUpdate = block.timestamp;
    }

    function _updateRate() private {
        uint256 rate;
        if (interestRateModel != address(0)) {
            // a model that reverts leaves the vault at 0 %, as EVK does
            try IIrm(interestRateModel).computeInterestRate(address(this), cash, borrows) returns (uint256 r) {
                rate = r > MAX_ALLOWED_INTEREST_RATE ? MAX_ALLOWED_INTEREST_RATE : r;
            } catch {}
        }
        interestRate = rate;
        emit VaultStatus(totalSupply(), borrows, fees, cash, accumulator, rate, block.timestamp);
    }

    function _rpow(uint256 x, uint256 n) private pure returns (uint256 z) {
        z = n % 2 != 0 ? x : RAY;
        for (n /= 2; n != 0; n /= 2) {
            x = x.mulDiv(x, RAY);
            if (n % 2 != 0) z = z.mulDiv(x, RAY);
        }
    }

    /// @dev what a deposit may add: the supply cap's room over total assets, and what the cash can still hold
    function _supplyRoom() private view returns (uint256) {
        uint256 held = totalAssets();
        uint256 cap = _decodeCap(supplyCap);
        if (held >= cap) return 0;
        uint256 room = cap - held;
        uint256 limit = cash >= MAX_SANE_AMOUNT ? 0 : MAX_SANE_AMOUNT - cash;
        return room < limit ? room : limit;
    }

    function _decodeCap(uint16 amountCap) private pure returns (uint256) {
        if (amountCap == 0) return type(uint256).max;
        return (10 ** (amountCap & 63) * (amountCap >> 6)) / 100;
    }
}
