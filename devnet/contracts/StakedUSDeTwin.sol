// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title USDeSiloTwin
/// @notice OURS, not Ethena's: USDeSilo's interface — holds what stakers have in cooldown; only the staking vault
///         takes it out (`withdraw(to, amount)`).
contract USDeSiloTwin {
    using SafeERC20 for IERC20;

    address public immutable STAKING_VAULT;
    IERC20 public immutable USDE;

    error OnlyStakingVault();

    constructor(address stakingVault, address usde) {
        STAKING_VAULT = stakingVault;
        USDE = IERC20(usde);
    }

    function withdraw(address to, uint256 amount) external {
        if (msg.sender != STAKING_VAULT) revert OnlyStakingVault();
        USDE.safeTransfer(to, amount);
    }
}

/// @title StakedUSDeTwin
/// @notice OURS, not Ethena's: a twin of StakedUSDeV2 (sUSDe) with its ABI and semantics — an ERC-4626 over USDe
///         whose `totalAssets` is the USDe it holds less rewards still vesting (`transferInRewards` by the
///         `REWARDER_ROLE` vests linearly over `VESTING_PERIOD`, 8 hours; a new one while one vests reverts
///         `StillVesting`); while `cooldownDuration` is set (7 days here, as on mainnet), ERC-4626 `withdraw` and
///         `redeem` revert `OperationNotAllowed` and a staker leaves in two steps: `cooldownAssets(assets)` or
///         `cooldownShares(shares)` burns the shares and parks their USDe in the silo, recorded in
///         `cooldowns(staker)` = (cooldownEnd, underlyingAmount; a second request adds to the amount and restarts
///         the clock), then `unstake(receiver)` once `cooldownEnd` has passed (`InvalidCooldown` before). The
///         total supply is either 0 or at least `MIN_SHARES` (1e18; `MinSharesViolation`); zero amounts revert
///         `InvalidAmount`. `setCooldownDuration` by the admin (≤ 90 days). Simplified: no blacklist or
///         soft-restriction roles, no `rescueTokens`/`redistributeLockedAmount`; conversions are OpenZeppelin 5's
///         ERC-4626 (virtual share offset 0), where the deployed V2 inherits OpenZeppelin 4's.
/// @dev Deployed through the CREATE2 factory (constructor state); deploys its silo as V2 does.
contract StakedUSDeTwin is AccessControl, ERC4626 {
    using SafeERC20 for IERC20;

    struct UserCooldown {
        uint104 cooldownEnd;
        uint152 underlyingAmount;
    }

    bytes32 public constant REWARDER_ROLE = keccak256("REWARDER_ROLE");
    uint256 public constant VESTING_PERIOD = 8 hours;
    uint256 public constant MIN_SHARES = 1 ether;
    uint24 public constant MAX_COOLDOWN_DURATION = 90 days;

    uint256 public vestingAmount;
    uint256 public lastDistributionTimestamp;
    uint24 public cooldownDuration;
    USDeSiloTwin public immutable silo;
    mapping(address => UserCooldown) public cooldowns;

    event RewardsReceived(uint256 amount);
    event CooldownDurationUpdated(uint24 previousDuration, uint24 newDuration);

    error InvalidAmount();
    error InvalidZeroAddress();
    error StillVesting();
    error OperationNotAllowed();
    error MinSharesViolation();
    error ExcessiveWithdrawAmount();
    error ExcessiveRedeemAmount();
    error InvalidCooldown();

    constructor(IERC20 usde, address initialRewarder, address owner)
        ERC20("Staked USDe", "sUSDe")
        ERC4626(usde)
    {
        if (address(usde) == address(0) || initialRewarder == address(0) || owner == address(0)) {
            revert InvalidZeroAddress();
        }
        _grantRole(DEFAULT_ADMIN_ROLE, owner);
        _grantRole(REWARDER_ROLE, initialRewarder);
        silo = new USDeSiloTwin(address(this), address(usde));
        cooldownDuration = MAX_COOLDOWN_DURATION;
    }

    modifier notZero(uint256 amount) {
        if (amount == 0) revert InvalidAmount();
        _;
    }

    modifier ensureCooldownOff() {
        if (cooldownDuration != 0) revert OperationNotAllowed();
        _;
    }

    modifier ensureCooldownOn() {
        if (cooldownDuration == 0) revert OperationNotAllowed();
        _;
    }

    function transferInRewards(uint256 amount) external notZero(amount) onlyRole(REWARDER_ROLE) {
        if (getUnvestedAmount() > 0) revert StillVesting();
        vestingAmount = amount;
        lastDistributionTimestamp = block.timestamp;
        IERC20(asset()).safeTransferFrom(msg.sender, address(this), amount);
        emit RewardsReceived(amount);
    }

    function totalAssets() public view override returns (uint256) {
        return IERC20(asset()).balanceOf(address(this)) - getUnvestedAmount();
    }

    function getUnvestedAmount() public view returns (uint256) {
        uint256 timeSinceLastDistribution = block.timestamp - lastDistributionTimestamp;
        if (timeSinceLastDistribution >= VESTING_PERIOD) return 0;
        return ((VESTING_PERIOD - timeSinceLastDistribution) * vestingAmount) / VESTING_PERIOD;
    }

    function decimals() public pure override returns (uint8) {
        return 18;
    }

    function withdraw(uint256 assets, address receiver, address owner)
        public
        override
        ensureCooldownOff
        returns (uint256)
    {
        return super.withdraw(assets, receiver, owner);
    }

    function redeem(uint256 shares, address receiver, address owner)
        public
        override
        ensureCooldownOff
        returns (uint256)
    {
        return super.redeem(shares, receiver, owner);
    }

    function unstake(address receiver) external {
        UserCooldown storage userCooldown = cooldowns[msg.sender];
        uint256 assets = userCooldown.underlyingAmount;
        if (block.timestamp >= userCooldown.cooldownEnd || cooldownDuration == 0) {
            userCooldown.cooldownEnd = 0;
            userCooldown.underlyingAmount = 0;
            silo.withdraw(receiver, assets);
        } else {
            revert InvalidCooldown();
        }
    }

    function cooldownAssets(uint256 assets) external ensureCooldownOn returns (uint256 shares) {
        if (assets > maxWithdraw(msg.sender)) revert ExcessiveWithdrawAmount();
        shares = previewWithdraw(assets);
        cooldowns[msg.sender].cooldownEnd = uint104(block.timestamp) + cooldownDuration;
        cooldowns[msg.sender].underlyingAmount += uint152(assets);
        _withdraw(msg.sender, address(silo), msg.sender, assets, shares);
    }

    function cooldownShares(uint256 shares) external ensureCooldownOn returns (uint256 assets) {
        if (shares > maxRedeem(msg.sender)) revert ExcessiveRedeemAmount();
        assets = previewRedeem(shares);
        cooldowns[msg.sender].cooldownEnd = uint104(block.timestamp) + cooldownDuration;
        cooldowns[msg.sender].underlyingAmount += uint152(assets);
        _withdraw(msg.sender, address(silo), msg.sender, assets, shares);
    }

    function setCooldownDuration(uint24 duration) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (duration > MAX_COOLDOWN_DURATION) revert InvalidCooldown();
        uint24 previousDuration = cooldownDuration;
        cooldownDuration = duration;
        emit CooldownDurationUpdated(previousDuration, cooldownDuration);
    }

    function _checkMinShares() internal view {
        uint256 _totalSupply = totalSupply();
        if (_totalSupply > 0 && _totalSupply < MIN_SHARES) revert MinSharesViolation();
    }

    function _deposit(address caller, address receiver, uint256 assets, uint256 shares)
        internal
        override
        notZero(assets)
        notZero(shares)
    {
        super._deposit(caller, receiver, assets, shares);
        _checkMinShares();
    }

    function _withdraw(address caller, address receiver, address _owner, uint256 assets, uint256 shares)
        internal
        override
        notZero(assets)
        notZero(shares)
    {
        super._withdraw(caller, receiver, _owner, assets, shares);
        _checkMinShares();
    }
}
