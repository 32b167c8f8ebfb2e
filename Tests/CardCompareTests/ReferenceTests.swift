import Testing
@testable import CardCompare
