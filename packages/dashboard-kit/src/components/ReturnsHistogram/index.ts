export { ReturnsHistogram, type ReturnsHistogramProps } from './ReturnsHistogram';
export { binReturns, type BinOptions, type ReturnBin, type ReturnBinKind, type ReturnBinning } from './bins';
