// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title PriceFeed
/// @notice A Chainlink-style price feed (the AggregatorV3Interface reads plus the legacy `latestAnswer`
///         that Aave's oracle uses) whose answer the devnet's `price_updater` sets. Each update opens a new
///         round, so consumers that check staleness see a fresh `updatedAt`.
contract PriceFeed {
    address public updater;
    uint8 public decimals;
    string public description;
    uint256 public constant version = 4;

    uint80 public latestRound;
    mapping(uint80 => int256) private _answers;
    mapping(uint80 => uint256) private _updatedAt;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    error NotUpdater();
    error NoData();

    constructor(uint8 decimals_, string memory description_, int256 initialAnswer, address updater_) {
        decimals = decimals_;
        description = description_;
        updater = updater_;
        _set(initialAnswer);
    }

    function setAnswer(int256 answer) external {
        if (msg.sender != updater) revert NotUpdater();
        _set(answer);
    }

    function latestAnswer() external view returns (int256) {
        return _answers[latestRound];
    }

    function latestTimestamp() external view returns (uint256) {
        return _updatedAt[latestRound];
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return getRoundData(latestRound);
    }

    function getRoundData(uint80 roundId) public view returns (uint80, int256, uint256, uint256, uint80) {
        if (_updatedAt[roundId] == 0) revert NoData();
        return (roundId, _answers[roundId], _updatedAt[roundId], _updatedAt[roundId], roundId);
    }

    function _set(int256 answer) private {
        uint80 round = ++latestRound;
        _answers[round] = answer;
        _updatedAt[round] = block.timestamp;
        emit AnswerUpdated(answer, round, block.timestamp);
    }
}
